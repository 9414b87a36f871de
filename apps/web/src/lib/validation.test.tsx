import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { requiredText } from './form-rules';
import { useValidatedForm } from './validation';

const schema = z.object({
  email: requiredText({ requiredMessage: 'Please enter your email', field: 'Email', rule: z.email() }),
  name: requiredText({ requiredMessage: 'Please enter your name', field: 'Name' }),
});
type Values = z.infer<typeof schema>;

function Form({
  onValid,
  loadSchema = () => Promise.resolve(schema),
}: {
  onValid?: (values: Values) => void;
  loadSchema?: () => Promise<typeof schema>;
}) {
  const form = useValidatedForm<Values>(loadSchema, { defaultValues: { email: '', name: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onValid?.(values))}>
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register('email')} />
      <p role="alert" data-testid="email-error">
        {errors.email?.message ?? ''}
      </p>
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name')} />
      <p role="alert" data-testid="name-error">
        {errors.name?.message ?? ''}
      </p>
      <button type="submit">Send</button>
    </form>
  );
}

const emailError = () => screen.getByTestId('email-error').textContent;
const nameError = () => screen.getByTestId('name-error').textContent;

// product.md §5 and issue 12 item 12: checked on blur and on submit, never while typing; an error goes
// as soon as the value is fixed.
describe('useValidatedForm', () => {
  it('says nothing while a field is first typed into, and checks it when it loses focus', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(emailError()).toBe('');
    await user.tab();
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
  });

  it('keeps the error unchanged while the value is still wrong, and clears it on the keystroke that fixes it', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();

    // 'a', 'a@', 'a@b' are each still wrong, but typing neither replaces nor adds an error.
    await user.type(email, 'a@b');
    expect(emailError()).toBe('Please enter your email');
    await user.type(email, '.org');
    expect(emailError()).toBe('');
    // Wrong again while typing: still silent until the field loses focus.
    await user.type(email, '{Backspace>4}');
    expect(emailError()).toBe('');
    await user.tab();
    expect(emailError()).toBe('Email is not valid.');
  });

  it('checks every field on submit, and after it still only on blur', async () => {
    const user = userEvent.setup();
    const sent: Values[] = [];
    render(<Form onValid={(values) => sent.push(values)} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(emailError()).toBe('Please enter your email');

    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(nameError()).toBe('');
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(emailError()).toBe('Please enter your email');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    expect(emailError()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ email: 'ada@example.org', name: 'Ada' }]);
  });
});

// docs/decisions/0220: the schema is not in the first load; it loads on the form's first focus or submit.
describe('useValidatedForm loading its schema', () => {
  it('loads it when the form is first focused, once', async () => {
    const user = userEvent.setup();
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    render(<Form loadSchema={loadSchema} />);
    expect(loadSchema).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    await user.tab();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('loads it on a submit that came before any focus, and validates once it is in', async () => {
    let release: (loaded: typeof schema) => void = () => undefined;
    const loadSchema = vi.fn(() => new Promise<typeof schema>((resolve) => (release = resolve)));
    const sent: Values[] = [];
    const { container } = render(<Form loadSchema={loadSchema} onValid={(values) => sent.push(values)} />);
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    expect(emailError()).toBe('');
    release(schema);
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('loads it at once when a field of the form already has the focus (typed into before hydration)', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    const outside = document.createElement('form');
    const input = document.createElement('input');
    input.name = 'email';
    outside.append(input);
    document.body.append(outside);
    input.focus();
    render(<Form loadSchema={loadSchema} />);
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    outside.remove();
  });

  it('tries again after a failed load', async () => {
    const user = userEvent.setup();
    const loadSchema = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    render(<Form loadSchema={loadSchema} />);
    await user.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});
