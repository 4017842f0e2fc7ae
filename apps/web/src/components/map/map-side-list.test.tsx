import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import ListItemButton from '@mui/material/ListItemButton';
import { FIRST_ROWS, MapSideList } from './map-side-list';

// The page has no layout here, so the browser's IntersectionObserver is stood in for by one whose reports
// the test gives: "the end of the drawn rows is near" is what the list acts on.
type Report = (near: boolean) => void;
const observers: Report[] = [];

class TestIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observers.push((near) =>
      this.callback(
        [{ isIntersecting: near, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {
    observers.length = 0;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

function renderList(count: number, selectedIndex = -1) {
  const view = render(
    <MapSideList
      label="Closest vehicles"
      onPoint={() => undefined}
      selectedIndex={selectedIndex}
      rowCount={count}
      renderRow={(index) => <ListItemButton key={index}>{`Unit ${index + 1}`}</ListItemButton>}
    />,
  );
  const drawn = () => within(screen.getByRole('list', { name: 'Closest vehicles' })).queryAllByRole('button');
  return { view, drawn };
}

describe('the list beside a map', () => {
  it('draws the first rows of a long list, and more each time its end comes near', () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    const { drawn } = renderList(500);
    expect(drawn()).toHaveLength(FIRST_ROWS);
    // Still far from the end: nothing more.
    act(() => observers.at(-1)!(false));
    expect(drawn()).toHaveLength(FIRST_ROWS);
    act(() => observers.at(-1)!(true));
    expect(drawn()).toHaveLength(FIRST_ROWS + 80);
    act(() => observers.at(-1)!(true));
    expect(drawn()).toHaveLength(FIRST_ROWS + 160);
    expect(drawn().at(-1)!.textContent).toBe(`Unit ${FIRST_ROWS + 160}`);
  });

  it('makes only the rows it draws, not the hundreds behind them', () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    const made = new Set<number>();
    render(
      <MapSideList
        label="Closest vehicles"
        onPoint={() => undefined}
        rowCount={500}
        renderRow={(index) => {
          made.add(index);
          return <ListItemButton key={index}>{`Unit ${index + 1}`}</ListItemButton>;
        }}
      />,
    );
    expect(Math.max(...made)).toBe(FIRST_ROWS - 1);
  });

  it('draws down to the row of a marker chosen on the map', () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    const { drawn } = renderList(500, 349);
    expect(drawn()).toHaveLength(350);
    expect(drawn().at(-1)!.textContent).toBe('Unit 350');
  });

  it('draws a short list whole, with nothing watched', () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    const { drawn } = renderList(12);
    expect(drawn()).toHaveLength(12);
    expect(observers).toHaveLength(0);
  });

  it('draws every row in a browser that cannot tell where the list is scrolled', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { drawn } = renderList(300);
    expect(drawn()).toHaveLength(300);
  });
});
