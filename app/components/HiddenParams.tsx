/** A query string as hidden fields: a GET form that keeps the list's state while it changes one part of it. */
export function HiddenParams({ search }: { search: string }) {
  return (
    <>
      {[...new URLSearchParams(search)].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
