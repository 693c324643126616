import { describe, expect, it } from 'vitest';
import { markForPerson } from '@/lib/agent/bakery/mark-for-person';
import { bakeryTools } from '@/lib/agent/bakery/tools';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { topicLabels, topicOf } from './topics';

describe('topics', () => {
  it('name every drafting tool in the bakery’s words', () => {
    const tools = [
      ...bakeryTools(exampleBakeryData(), { now: tuesdayMorning, askedAt: tuesdayMorning }),
      markForPerson,
    ];
    expect(tools.length).toBeGreaterThan(4);
    for (const tool of tools) {
      expect(topicOf(tool.name), tool.name).not.toBe('other');
      expect(topicLabels[topicOf(tool.name)]).not.toMatch(/_/);
    }
  });

  it('put the menu’s lookups together, and a draft that looked nothing up apart', () => {
    expect(topicLabels[topicOf('menu_item')]).toBe('Menu and prices');
    expect(topicOf('list_menu')).toBe(topicOf('menu_item'));
    expect(topicLabels[topicOf(null)]).toBe('Nothing looked up');
    expect(topicOf('a_tool_from_later')).toBe('other');
  });
});
