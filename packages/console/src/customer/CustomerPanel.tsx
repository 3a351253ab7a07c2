import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { helpdesk } from '../api';
import { label, type Ticket } from '../types';

// The customer beside the ticket, with their other tickets (newest first, closed ones too).
export function CustomerPanel({ ticket }: { ticket: Ticket }) {
  const customer = ticket.customer;
  const others = useQuery({
    queryKey: ['tickets', 'customer', customer.id],
    queryFn: () => helpdesk.tickets.list({ customer_id: customer.id, include_closed: true, limit: 10 }),
  });
  return (
    <section className="customer-panel" aria-labelledby="customer-heading">
      <h2 id="customer-heading">Customer</h2>
      <p>
        <Link to="/customers/$customerId" params={{ customerId: customer.id }}>
          {customer.name ?? customer.email}
        </Link>
        <br />
        <span className="muted">{customer.email}</span>
      </p>
      <h3>Other tickets</h3>
      <ul className="compact">
        {(others.data?.data ?? [])
          .filter((t) => t.id !== ticket.id)
          .map((t) => (
            <li key={t.id}>
              <Link to="/tickets/$ticketId" params={{ ticketId: t.id }}>
                {t.subject}
              </Link>{' '}
              <span className="muted">
                #{t.ticket_number} · {label(t.status)}
              </span>
            </li>
          ))}
        {others.data && others.data.data.filter((t) => t.id !== ticket.id).length === 0 && (
          <li className="muted">None</li>
        )}
      </ul>
    </section>
  );
}
