import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { listMenuItems } from '@/db/menu';
import { wordMoney } from '@/lib/agent/bakery/wording';
import { formatPriceInput } from '@/lib/bakery-facts/price';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { ItemButtons } from './item-buttons';
import { MenuItemForm } from './menu-item-form';

export const metadata: Metadata = { title: 'Menu' };

export default async function MenuPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/menu' });
  const items = await listMenuItems();
  const { locale, currency } = await getBakery();
  return (
    <AdminFrame
      user={user}
      title="Menu"
      intro="Drafts quote these prices, notice, allergens and ingredients from the next question on; drafts that read an item before it changed are marked stale."
    >
      <ul className="flex flex-col gap-3" data-testid="menu-list">
        {items.map((item) => (
          <li
            key={item.id}
            className="rounded-md border border-stone-200 p-4"
            data-testid="menu-item"
          >
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-semibold">{item.name}</span>
              <span>{wordMoney(item.priceCents, { locale, currency })}</span>
              <span className="text-stone-700">
                {item.noticeDays === 0
                  ? 'no notice'
                  : `${item.noticeDays} day${item.noticeDays === 1 ? "'s" : "s'"} notice`}
              </span>
              {item.available ? null : (
                <span className="rounded bg-stone-200 px-2 text-sm">unavailable</span>
              )}
            </div>
            {item.description ? <p className="text-sm text-stone-700">{item.description}</p> : null}
            <p className="text-sm text-stone-700" data-testid="item-allergens">
              {item.allergens === null
                ? 'Allergens not recorded: drafts hand allergy questions about it to a person without saying what it contains.'
                : `Contains: ${item.allergens.length > 0 ? item.allergens.join(', ') : 'none of the major allergens'}. May contain: ${item.mayContain && item.mayContain.length > 0 ? item.mayContain.join(', ') : 'nothing listed'}.`}
              {item.dietary.length > 0 ? ` ${item.dietary.join(', ')}.` : ''}
            </p>
            {item.ingredients ? (
              <p className="text-sm text-stone-700" data-testid="item-ingredients">
                Ingredients: {item.ingredients}
              </p>
            ) : null}
            <ItemButtons id={item.id} name={item.name} available={item.available} />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm underline">Edit {item.name}</summary>
              <div className="mt-3">
                <MenuItemForm
                  currency={currency}
                  locale={locale}
                  item={{
                    id: item.id,
                    name: item.name,
                    price: formatPriceInput(item.priceCents, locale),
                    noticeDays: String(item.noticeDays),
                    description: item.description ?? '',
                    available: item.available,
                    ingredients: item.ingredients ?? '',
                    allergens: item.allergens,
                    mayContain: item.mayContain,
                    dietary: item.dietary,
                  }}
                />
              </div>
            </details>
          </li>
        ))}
        {items.length === 0 ? <li>The menu is empty.</li> : null}
      </ul>
      <section className="flex max-w-xl flex-col gap-3">
        <h2 className="text-xl font-semibold">Add a menu item</h2>
        <MenuItemForm currency={currency} locale={locale} />
      </section>
    </AdminFrame>
  );
}
