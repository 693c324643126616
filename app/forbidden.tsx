import Link from 'next/link';

export default function Forbidden() {
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-16">
      <h1 className="text-2xl font-semibold">Not for your account</h1>
      <p className="text-stone-700">This page is for the bakery’s owners.</p>
      <Link href="/inbox" className="underline">
        Go to the inbox
      </Link>
    </main>
  );
}
