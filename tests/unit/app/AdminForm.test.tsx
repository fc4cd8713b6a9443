// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminForm } from '../../../src/app/admin/AdminForm';

afterEach(cleanup);

const roleChoices = { role_id: { 'ui:widget': 'choices', 'ui:options': { choices: [{ value: 2, label: 'reviewer' }, { value: 4, label: 'analyst' }] } } };

// Issue 30 item 6: the Admin Portal's forms draw with the portal's Blueprint RJSF theme
// (src/ui/form/theme), not @rjsf/core's default one, and still validate with the precompiled validators.
describe('AdminForm on the Blueprint theme', { timeout: 30_000 }, () => {
  it('draws the user form with Blueprint fields, a hidden password, the role choices and a Blueprint submit button', async () => {
    let created: unknown;
    // Each form's field ids start with its name (idPrefix): forms side by side on one tab never share one.
    const { container } = render(<AdminForm form="user" uiSchema={roleChoices} submitText="Create user" onSubmit={(d) => (created = d)} />);
    const username = container.querySelector<HTMLInputElement>('input[id="user_username"]')!;
    expect(username.classList.contains('bp6-input')).toBe(true);
    expect(username.closest('.bp6-form-group')!.querySelector('.portal-required')).not.toBeNull();
    const password = container.querySelector<HTMLInputElement>('input[id="user_password"]')!;
    expect(password.type).toBe('password');
    expect(password.classList.contains('bp6-input')).toBe(true);
    const role = container.querySelector<HTMLSelectElement>('select[id="user_role_id"]')!;
    expect(role.closest('.bp6-html-select')).not.toBeNull();
    expect([...role.options].map((o) => o.text)).toEqual(['', 'reviewer', 'analyst']);
    const submit = screen.getByRole('button', { name: 'Create user' });
    expect(submit.classList.contains('bp6-button')).toBe(true);
    // Nothing of @rjsf/core's Bootstrap markup is left.
    expect(container.querySelector('.btn, .form-control, .form-group, .error-detail')).toBeNull();

    fireEvent.change(username, { target: { value: 'newcomer' } });
    fireEvent.change(password, { target: { value: 'too-short' } });
    fireEvent.change(role, { target: { value: '4' } });
    fireEvent.click(submit);
    await waitFor(() => expect(container.querySelector('.portal-field-error')?.textContent).toContain('must NOT have fewer than 12 characters'));
    expect(created).toBeUndefined();

    fireEvent.change(password, { target: { value: 'newcomer-password' } });
    fireEvent.click(submit);
    await waitFor(() => expect(created).toEqual({ username: 'newcomer', password: 'newcomer-password', role_id: 4 }));
  });

  it('draws the role form (a yes/no and a list of sector ids) and the permissions as Blueprint checkboxes', async () => {
    let saved: unknown;
    const { container } = render(<AdminForm form="role" submitText="Create role" onSubmit={(d) => (saved = d)} />);
    const allSectors = screen.getByLabelText('All sectors allowed') as HTMLInputElement;
    expect(allSectors.closest('.bp6-checkbox')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const sector = container.querySelector<HTMLInputElement>('input[id="role_sectors_0"]')!;
    expect(sector.classList.contains('bp6-input')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Role name/), { target: { value: 'bankers' } });
    fireEvent.change(sector, { target: { value: '87' } });
    fireEvent.click(allSectors);
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(saved).toEqual({ role_name: 'bankers', all_sectors: true, sectors: [87] }));
    cleanup();

    let permissions: unknown;
    render(<AdminForm form="permissions" formData={{ admin: ['view'] }} submitText="Save permissions" onSubmit={(d) => (permissions = d)} />);
    const group = screen.getByRole('group', { name: /Admin Portal/ });
    const boxes = [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => [b.closest('label')!.textContent, b.checked])).toEqual([['view', true], ['add', false], ['edit', false], ['delete', false]]);
    fireEvent.click(boxes[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect((permissions as Record<string, string[]>).admin).toEqual(['view', 'edit']));
  });
});
