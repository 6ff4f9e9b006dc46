export { translate, type Language, type MessageKey } from '../locales/translate.ts';
