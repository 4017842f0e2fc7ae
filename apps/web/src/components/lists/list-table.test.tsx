import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { OpenableRow } from './list-table';

function renderRows(onOpen: (id: number) => void) {
  render(
    <Table>
      <TableBody>
        {[1, 2].map((id) => (
          <OpenableRow key={id} aria-label={`Row ${id}`} onOpen={() => onOpen(id)}>
            <TableCell>
              <button type="button">Menu {id}</button>
            </TableCell>
          </OpenableRow>
        ))}
      </TableBody>
    </Table>,
  );
}

describe('OpenableRow', () => {
  it('opens its record on click, Enter and Space, not on a key pressed in a control inside it', () => {
    const onOpen = vi.fn();
    renderRows(onOpen);
    const row = screen.getByRole('row', { name: 'Row 1' });
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu 1' }), { key: 'Enter' });
    expect(onOpen.mock.calls).toEqual([[1], [1], [1]]);
  });

  it('moves the focus between rows by the arrow keys', () => {
    renderRows(() => undefined);
    const first = screen.getByRole('row', { name: 'Row 1' });
    const second = screen.getByRole('row', { name: 'Row 2' });
    expect(first.tabIndex).toBe(0);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });
});
