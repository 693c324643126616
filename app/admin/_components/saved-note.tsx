/** The quiet confirmation a form shows after a save. */
export function SavedNote({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
      {message}
    </p>
  );
}
