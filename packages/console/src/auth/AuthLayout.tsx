import type { ReactNode } from 'react';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="brand" aria-hidden="true">
          Helpdesk
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function FormError({ message }: { message: string | null }) {
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
