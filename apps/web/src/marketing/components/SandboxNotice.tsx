import { m } from '../strings.ts';
import h from './header.module.css';

/** docs/product/principles.md#no-false-claims: in sandbox mode every page says so, in the pre-rendered HTML already. */
export function SandboxNotice() {
  return (
    <aside className={h.banner} aria-label={m.sandbox.label} data-testid="sandbox-banner">
      <p>{m.sandbox.banner}</p>
    </aside>
  );
}
