import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { TextInput } from './TextInput.js';
import { Textarea } from './Textarea.js';

function Controlled(props: { onlyNumbers?: boolean; numericOnly?: boolean; type?: 'text' | 'number' }) {
  const [value, setValue] = useState('');
  return <TextInput id="f" label="Phone" value={value} onChange={(event) => setValue(event.target.value)} {...props} />;
}

describe('TextInput', () => {
  it('labels the input and ties the error to it', () => {
    render(<TextInput id="email" label="Email" required error="Invalid email address" defaultValue="ann@" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email address');
  });

  it('onlyNumbers drops everything but digits, typed or pasted', async () => {
    render(<Controlled onlyNumbers />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '7a3-2');
    expect(input).toHaveValue('732');
    await userEvent.paste('(555) 0148');
    expect(input).toHaveValue('7325550148');
  });

  it('numericOnly keeps digits and one decimal point, typed or pasted', async () => {
    render(<Controlled numericOnly />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '1.2.3x');
    expect(input).toHaveValue('1.23');
    await userEvent.clear(input);
    await userEvent.paste('$36.5 in.');
    expect(input).toHaveValue('36.5');
  });

  it('number inputs behave as numericOnly text with a decimal keypad', async () => {
    render(<Controlled type="number" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '4e5.5');
    expect(input).toHaveValue('45.5');
  });

  it('filters inputs driven by register() (uncontrolled) too', async () => {
    const changes: string[] = [];
    render(<TextInput id="zip" label="Zip" onlyNumbers onChange={(event) => changes.push(event.target.value)} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Zip' }), '0a7');
    expect(screen.getByRole('textbox', { name: 'Zip' })).toHaveValue('07');
    expect(changes.at(-1)).toBe('07');
  });

  it('cuts a label past its limit, keeping the full text for screen readers', () => {
    const label = 'Tell us the name of the person who will receive the delivery';
    render(<TextInput id="who" label={label} />);
    expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    const visible = screen.getByTitle(label);
    expect(visible).toHaveTextContent(/^Tell us the name of the person who will\.\.\.$/);
    expect(visible).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps labels within the limit whole and honours a field limit', () => {
    render(<TextInput id="a" label="Company Name" labelLengthLimit={7} />);
    expect(screen.getByTitle('Company Name')).toHaveTextContent('Company...');
  });

  it('renders hidden inputs without a label', () => {
    const { container } = render(<TextInput id="src" type="hidden" label="Source" defaultValue="footer" name="source" />);
    expect(container.querySelector('input[type="hidden"]')).toHaveValue('footer');
    expect(screen.queryByText('Source')).toBeNull();
  });
});

describe('Textarea', () => {
  it('has 4 rows unless told otherwise', () => {
    render(
      <>
        <Textarea id="a" label="Message" />
        <Textarea id="b" label="Notes" rows={6} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '4');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '6');
  });
});
