import type { TextareaHTMLAttributes } from 'react';
import { inputClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

/** A multi-line input with the same look as Input. */
export const Textarea = ({ invalid = false, className, ...props }: TextareaProps) => (
  <textarea
    aria-invalid={invalid || undefined}
    className={inputClasses(invalid, `py-2.5 leading-relaxed resize-y ${className ?? ''}`)}
    {...props}
  />
);
