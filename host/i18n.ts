export {
  sayIn,
  translate,
  type Language,
  type MessageKey,
  type Say,
} from '../locales/translate.ts';
