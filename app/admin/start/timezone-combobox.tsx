'use client';

import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { searchTimezones, zoneLabel } from '@/lib/first-run/choices';

/**
 * The time zone, found by typing any part of its name and chosen from the list that follows
 * (the ARIA combobox pattern): arrows move through the matches, Enter takes one, Escape closes
 * the list. The field keeps the zone's own name, which the server checks again; without
 * JavaScript it is a plain text field.
 */
export function TimezoneCombobox({
  name,
  zones,
  defaultValue,
  error,
  hint,
}: {
  name: string;
  zones: readonly string[];
  defaultValue: string;
  error?: string;
  hint: string;
}) {
  const id = useId();
  const inputId = `${name}`;
  const listId = `${id}-zones`;
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchTimezones(value, zones, 12), [value, zones]);
  const shown = open && matches.length > 0;
  const optionId = (index: number) => `${id}-zone-${index}`;

  const choose = (zone: string) => {
    setValue(zone);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault();
      const zone = matches[active];
      if (zone) choose(zone);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const describedBy = [`${inputId}-hint`, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={inputId} className="font-medium">
        Time zone
      </label>
      <input
        id={inputId}
        name={name}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setValue(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className="rounded-md border border-stone-300 px-3 py-2 aria-invalid:border-red-600"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!shown}
        className="absolute top-[4.5rem] z-10 max-h-72 w-full overflow-auto rounded-md border border-stone-300 bg-white shadow-md"
      >
        {shown
          ? matches.map((zone, index) => (
              <div
                key={zone}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Reached by the arrows through aria-activedescendant; the field keeps the focus.
                tabIndex={-1}
                // Chosen on mouse down, before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(zone);
                }}
                className={`cursor-pointer px-3 py-1 ${index === active ? 'bg-amber-100' : ''}`}
              >
                {zoneLabel(zone)}
              </div>
            ))
          : null}
      </div>
      <p id={`${inputId}-hint`} className="text-sm text-stone-600">
        {hint}
      </p>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
