import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../src/client/app/store';
import LoginPage from '../../../src/client/auth/LoginPage';

function renderLogin() {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('LoginPage', () => {
  it("asks for both fields before calling the provider: 'Please fill in all fields'", async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it('asks for the email before sending a reset', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address to reset your password');
  });

  it("has a 'Remember me' checkbox and a link to /register", async () => {
    renderLogin();
    const remember = screen.getByLabelText('Remember me');
    await userEvent.click(remember);
    expect(remember).toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});
