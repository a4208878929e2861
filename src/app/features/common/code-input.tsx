/**
 * The code field of coded master data (subjects, budgets, …): digits only as the user types or
 * pastes (the contract strips the rest again on the server), a numeric keyboard on touch devices.
 * Takes the form pattern's text props: `<CodeInput input={form.text('code')} label=… />`.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { digitsOnly } from '../../../domain/subject-code';

interface TextProps {
  value: string;
  onChange: (e: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
  error: string | undefined;
}

export function CodeInput({ input, ...props }: Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & { input: TextProps } & Record<`data-${string}`, unknown>) {
  return <TextInput {...props} {...input} onChange={(e) => input.onChange({ currentTarget: { value: digitsOnly(e.currentTarget.value) } })} inputMode="numeric" />;
}
