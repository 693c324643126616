import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Bakery Desk', template: '%s · Bakery Desk' },
  description:
    'Customer questions, drafted from the bakery’s own menu and hours, sent by a person.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
