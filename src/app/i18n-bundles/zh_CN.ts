/** Every lazily loaded namespace of zh_CN in one chunk: one request when the shell starts (i18n.ts). */
export default import.meta.glob(['../../../locales/zh_CN/*.json', '!../../../locales/zh_CN/{common,auth,errors}.json'], { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
