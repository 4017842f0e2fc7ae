import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const UPDATE = '/backend/api/v2/profile/me/update';

describe('profile form', () => {
  it('sends the names with the avatar as multipart and confirms', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: 5 }),
      'GET /backend/api/v2/profile/me': { first_name: 'Ada', last_name: 'Admin', lang: 'en' },
      [`PUT ${UPDATE}`]: {},
    });
    renderApp('/settings/profile/');
    const firstName = await screen.findByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Adele');
    const file = new File(['avatar'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Avatar'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully')).toBeTruthy();
    const body = callsTo('PUT', UPDATE)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('first_name')).toBe('Adele');
    expect(form.get('last_name')).toBe('Admin');
    expect(form.get('lang')).toBe('en');
    expect((form.get('avatar') as File).name).toBe('me.png');
  });

  it("says 'This field is required' for an empty name and sends nothing", async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: 5 }),
      'GET /backend/api/v2/profile/me': { first_name: 'Ada', last_name: 'Admin', lang: 'en' },
    });
    renderApp('/settings/profile/');
    await userEvent.clear(await screen.findByLabelText('Last name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(callsTo('PUT', UPDATE)).toHaveLength(0));
  });
});
