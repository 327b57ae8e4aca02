// @vitest-environment jsdom
/**
 * deferred (src/shell/deferred.tsx): the component's own fallback while its chunk loads, the
 * component as soon as it arrives (no Suspense fallback, so nothing holds it back), at once when
 * preloaded, a failed load thrown to the nearest error boundary and tried again on a later mount.
 */
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { deferred } from '../../../src/shell/deferred.tsx';

afterEach(cleanup);

function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>Hola, {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Falló: {this.state.error.message}</p> : this.props.children;
  }
}

describe('deferred', () => {
  it('shows its fallback until the chunk arrives, then the page with its props', async () => {
    const chunk = later<typeof Greeting>();
    let loads = 0;
    const Page = deferred(() => (loads++, chunk.promise), <p>Cargando</p>);
    render(<Page name="Ana" />);
    expect(screen.getByText('Cargando')).toBeTruthy();
    await act(async () => chunk.resolve(Greeting));
    expect(screen.getByText('Hola, Ana')).toBeTruthy();
    expect(screen.queryByText('Cargando')).toBeNull();
    expect(loads).toBe(1);
  });

  it('draws the page in its first render once preloaded', async () => {
    const Page = deferred(() => Promise.resolve(Greeting), <p>Cargando</p>);
    expect(Page.isLoaded()).toBe(false);
    await Page.preload();
    expect(Page.isLoaded()).toBe(true);
    render(<Page name="Luis" />);
    expect(screen.getByText('Hola, Luis')).toBeTruthy();
  });

  it('throws a failed load to the nearest error boundary', async () => {
    const chunk = later<typeof Greeting>();
    let loads = 0;
    const Page = deferred(() => (loads++, chunk.promise), <p>Cargando</p>);
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <Boundary>
          <Page name="Eva" />
        </Boundary>,
      );
      await act(async () => chunk.reject(new Error('sin red')));
      expect(screen.getByText('Falló: sin red')).toBeTruthy();
      cleanup();
      // A later mount asks for the chunk again (the network may be back).
      render(<Page name="Eva" />);
      expect(loads).toBe(2);
    } finally {
      console.error = quiet;
    }
  });
});
