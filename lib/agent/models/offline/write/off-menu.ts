import type { PlannedCall } from '../plan';
import { type Worded, worded } from './catalog/template';

type OffMenu = Extract<PlannedCall['purpose'], { kind: 'offMenu' }>;

/**
 * The word a draft uses for a good the menu lacks: the desk's own word for it ("croissants"),
 * which the reader names by its key in the desk's list of baked goods.
 */
export function offMenuWord(purpose: OffMenu): Worded | null {
  const { good, name } = purpose as { good?: string; name: string };
  // Until every reading names the good by the desk's key, a name is used as the reader gave it.
  return good !== undefined || name ? worded(name) : null;
}
