/**
 * Limits shared by the public form and the intake API, and shown to customers. Apart from the
 * schemas, so the public pages' forms can set them as the browser's own constraints without
 * sending a validation library to the browser.
 */
export const QUESTION_MAX_CHARS = 2000;
export const NAME_MAX_CHARS = 100;
export const EMAIL_MAX_CHARS = 254;
export const EXTERNAL_ID_MAX_CHARS = 200;
