/**
 * Test stand-in for the local search plugin's SearchBar (@theme-original/SearchBar):
 * a controlled input with the plugin's class name, as the plugin renders it,
 * which (like the plugin) sets itself to the page's highlight terms, here none,
 * in a task of its own once mounted.
 * Its module finishes loading only when the test opens `searchBarGate`, so a
 * test decides when the chunk "arrives".
 */
import React, {useEffect, useState, type ReactNode} from 'react';

declare global {
  var searchBarGate: Promise<void> | undefined;
}

await globalThis.searchBarGate;

export default function SearchBar(): ReactNode {
  const [value, setValue] = useState('');
  useEffect(() => {
    setTimeout(() => setValue(''));
  }, []);
  return (
    <input
      className="navbar__search-input"
      aria-label="Plugin search"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}
