/**
 * The menu's uniqueness key, as the menu_items_name_key index keeps it: surrounding spaces
 * and case do not make a new item ("Croissants" and " croissants" are one).
 */
export function menuNameKey(name: string): string {
  return name.trim().toLowerCase();
}
