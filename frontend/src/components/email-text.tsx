import { Text, type TextProps } from '@chakra-ui/react';
import { Fragment } from 'react';

/**
 * An email address that wraps only where a reader expects it to: before the `@` and after a dot, never
 * inside a word. `truncate` keeps it on one line with an ellipsis instead, the whole address in
 * the tooltip.
 */
export function EmailText({ email, truncate, ...props }: { email: string; truncate?: boolean } & Omit<TextProps, 'children'>) {
  if (truncate) {
    return (
      <Text truncate title={email} {...props}>
        {email}
      </Text>
    );
  }
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <Text overflowWrap="normal" wordBreak="normal" {...props}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}
