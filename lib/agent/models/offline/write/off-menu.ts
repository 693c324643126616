import type { PlannedCall } from '../plan';
import { type Worded, worded } from './catalog/template';

type OffMenu = Extract<PlannedCall['purpose'], { kind: 'offMenu' }>;

/**
 * The word a draft uses for a good the menu lacks: the desk's own plural for it ("hot cross
 * buns"), from its list of baked goods, which the reader names by key.
 */
export function offMenuWord(purpose: OffMenu): Worded {
  return worded(purpose.name);
}
