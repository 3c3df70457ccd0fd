import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { STYLE_SWATCH_MAX_VISIBLE, SwatchList, swatchOverflow } from './SwatchList.js';

const colours = Array.from({ length: 13 }, (_, i) => `Colour ${i + 1}`);

function renderList(props: { maxVisible?: number; selectedIndex?: number; count?: number } = {}) {
  const items = colours.slice(0, props.count ?? colours.length);
  return render(
    <SwatchList
      items={items}
      getKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      maxVisible={props.maxVisible}
      selectedIndex={props.selectedIndex}
      itemNoun="finishes"
    />,
  );
}

describe('SwatchList', () => {
  it('shows maxVisible swatches and "+n" for the rest; "+n" expands and "Less" collapses', async () => {
    renderList({ maxVisible: STYLE_SWATCH_MAX_VISIBLE });
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByText('Colour 11')).toBeNull();

    const more = screen.getByRole('button', { name: 'Show 3 more finishes' });
    expect(more).toHaveTextContent('+3');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(13);
    const less = screen.getByRole('button', { name: 'Show fewer finishes' });
    expect(less).toHaveTextContent('Less');
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(less);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button')).toHaveTextContent('+3');
  });

  it('defaults to 11 and has no overflow button when everything fits', () => {
    renderList({ count: 11 });
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('product cards use 9', () => {
    renderList({ maxVisible: 9 });
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
    expect(screen.getByRole('button')).toHaveTextContent('+4');
  });

  it('opens expanded when the chosen swatch is beyond the limit', () => {
    renderList({ maxVisible: 10, selectedIndex: 11 });
    expect(screen.getByText('Colour 12')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('Less');
  });

  it('swatchOverflow counts shown and hidden', () => {
    expect(swatchOverflow(13, 10, false)).toEqual({ shown: 10, hidden: 3 });
    expect(swatchOverflow(13, 10, true)).toEqual({ shown: 13, hidden: 0 });
    expect(swatchOverflow(4, 10, false)).toEqual({ shown: 4, hidden: 0 });
  });
});
