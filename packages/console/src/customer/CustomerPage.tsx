import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, helpdesk } from '../api';
import { announce } from '../layout/announce';
import { useCommands } from '../shortcuts/commands';
import { label } from '../types';
import { NewTicketForm } from './NewTicketForm';

export function CustomerPage() {
  const { customerId } = useParams({ from: '/signed-in/customers/$customerId' });
  const client = useQueryClient();
  const customer = useQuery({ queryKey: ['customer', customerId], queryFn: () => helpdesk.customers.get(customerId) });
  const tickets = useQuery({
    queryKey: ['tickets', 'customer', customerId],
    queryFn: () => helpdesk.tickets.list({ customer_id: customerId, include_closed: true, limit: 50 }),
  });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (customer.data) {
      setName(customer.data.name ?? '');
      setEmail(customer.data.email);
    }
  }, [customer.data]);
  const save = useMutation({
    mutationFn: () => helpdesk.customers.update(customerId, { name: name || null, email }),
    onSuccess: (saved) => {
      client.setQueryData(['customer', customerId], saved);
      announce('Customer saved');
    },
  });

  useCommands([
    {
      id: 'new-ticket',
      title: 'New ticket for this customer',
      group: 'Customer',
      keys: 'c',
      run: () => document.getElementById('new-subject')?.focus(),
    },
  ]);

  if (customer.isPending) return <p className="muted">Loading…</p>;
  if (customer.isError) return <p role="alert">{errorText(customer.error)}</p>;
  const submit = (fn: () => void) => (event: FormEvent) => {
    event.preventDefault();
    fn();
  };
  return (
    <div className="customer-page">
      <h1>{customer.data.name ?? customer.data.email}</h1>
      <div className="columns">
        <form className="stack card" onSubmit={submit(() => save.mutate())} aria-labelledby="edit-heading">
          <h2 id="edit-heading">Details</h2>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            Email
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          {save.isError && <p role="alert">{errorText(save.error)}</p>}
          <button type="submit" disabled={save.isPending}>
            Save customer
          </button>
        </form>
        <NewTicketForm customerEmail={customer.data.email} />
      </div>
      <h2>Tickets</h2>
      <ul className="compact">
        {(tickets.data?.data ?? []).map((t) => (
          <li key={t.id}>
            <Link to="/tickets/$ticketId" params={{ ticketId: t.id }}>
              {t.subject}
            </Link>{' '}
            <span className="muted">
              #{t.ticket_number} · {label(t.status)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
