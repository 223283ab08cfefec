// @vitest-environment jsdom
/**
 * renderWhenNear (src/components/RenderWhenNear): the static stand-in stays
 * until the reader has started using the page and the stand-in is near the
 * viewport (jsdom has no IntersectionObserver, so near means at once), and
 * while the interactive component's chunk is loading.
 */
import React from 'react';
import {act, cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import {renderWhenNear} from '../../src/components/RenderWhenNear';

afterEach(cleanup);

describe('renderWhenNear', () => {
  it('shows the stand-in until the reader engages and the component has loaded, then the component', async () => {
    let resolveLoad!: (module: {default: (props: {name: string}) => React.ReactNode}) => void;
    const Deferred = renderWhenNear<{name: string}>(
      () => new Promise((resolve) => (resolveLoad = resolve)),
      ({name}) => <p>static {name}</p>,
      'Deferred',
    );
    render(<Deferred name="question" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('static question')).toBeTruthy();
    expect(resolveLoad).toBeUndefined();

    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab'}));
    });
    expect(resolveLoad).toBeTypeOf('function');
    expect(screen.getByText('static question')).toBeTruthy();

    await act(async () => resolveLoad({default: ({name}) => <p>interactive {name}</p>}));
    expect(screen.getByText('interactive question')).toBeTruthy();
    expect(screen.queryByText('static question')).toBeNull();
  });
});
