/** Every lazily loaded namespace of en_US in one chunk: one request when the shell starts (i18n.ts). */
export default import.meta.glob(['../../../locales/en_US/*.json', '!../../../locales/en_US/{common,auth,errors}.json'], { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
