import { Fragment } from 'react';

/**
 * A file name that wraps between its parts (after '_', '-', '.' and spaces) before it breaks inside a
 * word: names often have no spaces, and a phone's dialog or list is narrow. `.file-name` still breaks a
 * part longer than the line.
 */
export function FileName({ name }: { name: string }) {
  return (
    <span className="file-name">
      {name.split(/(?<=[_\-. ])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
