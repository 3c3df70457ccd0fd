import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { FileField, type FileFieldLayout, formatFileSize, pickFiles } from './FileField.js';

function file(name: string, type: string, size = 1000): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function Photos({ layout, maxFiles = 2, fileTypes = ['image/jpeg', 'png'] }: { layout?: FileFieldLayout; maxFiles?: number; fileTypes?: string[] }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <FileField id="photos" name="photos" label="Photos" required layout={layout} fileTypes={fileTypes} maxFiles={maxFiles} value={files} onChange={setFiles} />
      <output data-testid="count">{files.length}</output>
    </>
  );
}

function picker(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type="file"]') as HTMLInputElement;
}

describe('FileField', () => {
  it('drag-&-drop: a keyboard-usable button opens the picker, which takes only the allowed types', async () => {
    const { container } = render(<Photos />);
    const drop = screen.getByRole('button', { name: /Photos.*Drag & drop files here or browse/ });
    const input = picker(container);
    expect(input).toHaveAttribute('accept', 'image/jpeg,.png');
    const opened = jest.spyOn(input, 'click');
    drop.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveBeenCalled();

    await userEvent.upload(input, [file('kitchen.jpg', 'image/jpeg', 2048), file('plan.pdf', 'application/pdf')], { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('File format is not supported');
    expect(screen.getByText('kitchen.jpg')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.queryByText('plan.pdf')).toBeNull();
    expect(drop).toHaveAccessibleDescription('File format is not supported');
  });

  it('accepts dropped files and caps the count at maxFiles', () => {
    render(<Photos maxFiles={2} />);
    const drop = screen.getByRole('button', { name: /Photos/ });
    fireEvent.drop(drop, { dataTransfer: { files: [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.png', 'image/png')] } });
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2 files can be uploaded');
    expect(screen.queryByText('c.png')).toBeNull();
  });

  it('removes a chosen file with its Remove button', async () => {
    const { container } = render(<Photos layout="file-input" />);
    const input = screen.getByLabelText(/^Photos/);
    expect(input).toBe(picker(container));
    await userEvent.upload(input, [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')]);
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(screen.getByRole('list', { name: 'Chosen files for Photos' })).toHaveTextContent('b.png');
  });
});

describe('pickFiles', () => {
  it('adds to what is there, up to maxFiles', () => {
    const current = [file('a.jpg', 'image/jpeg')];
    const result = pickFiles(current, [file('b.jpg', 'image/jpeg'), file('c.jpg', 'image/jpeg')], ['jpg'], 2);
    expect(result.files.map((entry) => entry.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.notices).toEqual(['At most 2 files can be uploaded']);
    expect(pickFiles([], [file('a.gif', 'image/gif')], undefined, undefined).files).toHaveLength(1);
  });

  it('formats sizes', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(1048576 * 1.5)).toBe('1.5 MB');
  });
});
