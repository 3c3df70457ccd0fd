import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Checkbox } from './Checkbox.js';
import { CheckboxGroup, RadioGroup, type RadioLayout } from './ChoiceGroups.js';

const claimTypes = [
  { value: 'damaged', label: 'Damaged', description: 'A box or part arrived broken.', image: { src: '/images/damaged.svg', width: 40, height: 40, alt: 'Broken box' } },
  { value: 'missing', label: 'Missing', description: 'A box did not arrive.' },
  { value: 'wrong', label: 'Wrong item' },
];

function Radios({ layout }: { layout?: RadioLayout }) {
  const [value, setValue] = useState('');
  return (
    <>
      <RadioGroup id="claim" name="claim" label="What Happened?" required layout={layout} options={claimTypes} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it.each<RadioLayout | undefined>([undefined, 'radio', 'button', 'card'])('is native radios in a named group in the %s layout, arrow keys move the choice', async (layout) => {
    render(<Radios layout={layout} />);
    const group = screen.getByRole('group', { name: 'What Happened?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    await userEvent.click(screen.getByRole('radio', { name: /Damaged/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('damaged');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /Missing/ })).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('missing');
  });

  it('shows option images and descriptions on cards only, descriptions also in the radio layout', () => {
    const { unmount } = render(<Radios layout="card" />);
    expect(screen.getByRole('img', { name: 'Broken box' })).toHaveAttribute('width', '40');
    expect(screen.getByText('A box did not arrive.')).toBeInTheDocument();
    unmount();
    render(<Radios layout="button" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('A box did not arrive.')).toBeNull();
    expect(screen.getByRole('group', { name: 'What Happened?' }).querySelector('.sf-choices--button')).not.toBeNull();
  });

  it('draws the icon a card option names, decorative, and nothing for an unknown name or outside cards', () => {
    const withIcons = [
      { value: 'missing', label: 'Missing', image: { iconName: 'box-missing' } },
      { value: 'wrong', label: 'Wrong item', image: { iconName: 'swap' } },
      { value: 'typo', label: 'Typo', image: { iconName: 'no-such-icon' } },
    ];
    const { container, unmount } = render(<RadioGroup id="i" name="i" label="Icons" layout="card" options={withIcons} value="" onChange={() => undefined} />);
    const icons = [...container.querySelectorAll('svg.sf-choice__icon')];
    expect(icons.map((icon) => icon.getAttribute('data-icon'))).toEqual(['box-missing', 'swap']);
    icons.forEach((icon) => expect(icon).toHaveAttribute('aria-hidden', 'true'));
    expect(icons[0]!.querySelector('path')).not.toBeNull();
    // the radios keep their names from the labels
    expect(screen.getByRole('radio', { name: 'Missing' })).toBeInTheDocument();
    unmount();
    const { container: plain } = render(<RadioGroup id="j" name="j" label="Icons" layout="radio" options={withIcons} value="" onChange={() => undefined} />);
    expect(plain.querySelector('svg')).toBeNull();
  });

  it('ties its error to the group', () => {
    render(<RadioGroup id="r" name="r" label="Room" error="This field is required" options={claimTypes} value="" onChange={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Room' })).toHaveAccessibleDescription('This field is required');
  });
});

describe('CheckboxGroup', () => {
  it('ticks and unticks, keeping the values in option order', async () => {
    function Group() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <>
          <CheckboxGroup id="svc" name="svc" label="What do you offer?" options={claimTypes} value={value} onChange={setValue} />
          <output data-testid="value">{value.join(',')}</output>
        </>
      );
    }
    render(<Group />);
    expect(screen.getByRole('group', { name: 'What do you offer?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wrong item' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Damaged/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('damaged,wrong');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wrong item' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^damaged$/);
  });
});

describe('Checkbox', () => {
  it('is a labelled tick box whose statement is never cut', async () => {
    const label = 'I noted the damage on the delivery receipt and kept a copy';
    render(<Checkbox id="noted" label={label} required error="This field is required" />);
    const box = screen.getByRole('checkbox', { name: label });
    expect(box).toHaveAccessibleDescription('This field is required');
    await userEvent.click(box);
    expect(box).toBeChecked();
  });
});
