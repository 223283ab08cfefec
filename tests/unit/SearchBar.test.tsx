// @vitest-environment jsdom
/**
 * The navbar search box renders a plain input until the plugin's component has
 * loaded (src/theme/SearchBar). What the reader types in the meantime must
 * reach the plugin's input in full, also the keys pressed after the chunk
 * arrived but before React swapped the inputs, and those pressed before the
 * plugin's start-up empties its input.
 */
import React from 'react';
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';

afterEach(cleanup);

describe('SearchBar wrapper', () => {
  it('hands the whole typed text and the focus over to the plugin input', async () => {
    let openGate!: () => void;
    globalThis.searchBarGate = new Promise((resolve) => (openGate = resolve));
    const {default: SearchBar} = await import('../../src/theme/SearchBar');
    render(<SearchBar />);

    const stub = screen.getByRole('textbox', {name: 'Search'}) as HTMLInputElement;
    act(() => stub.focus());
    fireEvent.input(stub, {target: {value: 'varia'}});

    // Inside act(), React queues the renders the wrapper asks for and does them when the scope ends.
    await act(async () => {
      // The chunk arrives: the wrapper's own import of it settles before this one, and it asks for the swap.
      openGate();
      await import('@theme-original/SearchBar');
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      expect(screen.queryByRole('textbox', {name: 'Plugin search'})).toBeNull();
      // Before React renders the swap, the reader types on into the stub, which still has the focus.
      stub.value = 'variables';
      stub.dispatchEvent(new Event('input', {bubbles: true}));
    });

    const input = screen.getByRole('textbox', {name: 'Plugin search'}) as HTMLInputElement;
    expect(input.value).toBe('variables');
    expect(document.activeElement).toBe(input);

    // The reader goes on typing; then the plugin's start-up task empties its input, and the wrapper puts the text back.
    fireEvent.input(input, {target: {value: 'variables $vars'}});
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(input.value).toBe('variables $vars');
  });
});
