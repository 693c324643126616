import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Bakery Desk', template: '%s · Bakery Desk' },
  description:
    'Customer questions, drafted from the bakery’s own menu and hours, sent by a person.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, which the CSP nonce needs: a page
  // built ahead of time would carry no nonce, and its scripts would not run.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
