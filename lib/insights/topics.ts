/**
 * The dashboard's topics: what a draft looked up, in the bakery's words rather than the tools'
 * names. Several tools can share a topic (the menu is read item by item or whole); the SQL
 * counts each reply once per topic.
 */
export const topics = ['menu', 'hours', 'orders', 'knowledge', 'person', 'none', 'other'] as const;
export type Topic = (typeof topics)[number];

export const topicLabels: Record<Topic, string> = {
  menu: 'Menu and prices',
  hours: 'Opening hours',
  orders: 'Orders',
  knowledge: 'What the bakery knows',
  person: 'Handed to a person',
  none: 'Nothing looked up',
  other: 'Other lookups',
};

/** The drafting tools (lib/agent/bakery/tools.ts, mark-for-person.ts) by topic. */
export const toolTopics: Readonly<Record<string, Topic>> = {
  menu_item: 'menu',
  list_menu: 'menu',
  opening_hours: 'hours',
  quote_order: 'orders',
  search_knowledge: 'knowledge',
  mark_for_person: 'person',
};

/** A tool's topic: `none` for a draft that looked nothing up, `other` for a tool not listed. */
export function topicOf(tool: string | null): Topic {
  if (tool === null) return 'none';
  return toolTopics[tool] ?? 'other';
}
