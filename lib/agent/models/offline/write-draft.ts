/** The writer lives in write/: its stages, and the catalog every sentence comes from. */
export type { DraftContext } from './write/context';
export { writeDraft } from './write/draft';
