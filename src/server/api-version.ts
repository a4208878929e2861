/** The API client version of spec 01 §7. */
export const API_VERSION = '2.5.788';
