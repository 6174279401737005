import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField, FormActions, NewItemForm, PersonOptions, SelectField, TextAreaField } from './FormFields';

afterEach(cleanup);

const people = [
  { id: 'a', name: 'Ada Lovelace' },
  { id: 'g', name: 'Grace Hopper' },
];

describe('SelectField and PersonOptions', () => {
  it('labels the select and lists the people, with an empty choice when asked', () => {
    render(
      <SelectField label="Owner" value="" onChange={() => undefined}>
        <PersonOptions people={people} none="No owner" />
      </SelectField>,
    );
    const select = screen.getByLabelText('Owner');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'No owner',
      'Ada Lovelace',
      'Grace Hopper',
    ]);
  });

  it('keeps the current person as a choice when they are no longer among the people', () => {
    render(
      <SelectField label="Owner" value="x" onChange={() => undefined}>
        <PersonOptions people={people} current={{ id: 'x', name: 'Former Member' }} />
      </SelectField>,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Owner').selectedOptions[0]?.textContent).toBe('Former Member');
    cleanup();
    render(
      <SelectField label="Owner" value="a" onChange={() => undefined}>
        <PersonOptions people={people} current={people[0]} />
      </SelectField>,
    );
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});

describe('TextAreaField and DateField', () => {
  it('label their inputs; a date is capped at year 9999', () => {
    render(
      <>
        <TextAreaField label="Details" defaultValue="" />
        <DateField label="Due date" defaultValue="2026-01-01" />
      </>,
    );
    expect(screen.getByLabelText('Details').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Due date').getAttribute('max')).toBe('9999-12-31');
  });
});

describe('NewItemForm and FormActions', () => {
  it('is a form named by its heading that says why the last submit failed', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <NewItemForm
        title="New task"
        onSubmit={onSubmit}
        error="Could not add the task."
        submitLabel="Add task"
        busy={false}
      >
        <input aria-label="Title" />
      </NewItemForm>,
    );
    expect(screen.getByRole('form', { name: 'New task' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Could not add the task.');
    await userEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('cancels without submitting', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} submitLabel="Save" busy={false} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
