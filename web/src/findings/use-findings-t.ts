/** The Findings words in the page's language, for components (findings-messages.ts holds them). */
import { useLang } from '../i18n/i18n.js';
import { findingsMessages, type FindingsMessages } from './findings-messages.js';

export function useFindingsT(): FindingsMessages {
  return findingsMessages(useLang());
}
