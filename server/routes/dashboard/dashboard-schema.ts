/** Response schema of GET /api/dashboard (CompanyDashboard); what it does not list never leaves. */
const money = { type: 'number' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const ranked = (count: 'count' | 'quantity') =>
  ({ type: 'array', items: { type: 'object', properties: { _id: { type: 'string' }, label: { type: 'string' }, total: money, [count]: { type: 'number' } } } }) as const;

export const dashboardOut = {
  type: 'object',
  properties: {
    period: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
    sales: { type: 'object', properties: { thisMonth: money, lastMonth: money, period: money, thisMonthIva: money } },
    iva: money,
    authorisedInPeriod: { type: 'integer' },
    byStatus: { type: 'object', additionalProperties: { type: 'integer' } },
    byType: {
      type: 'array',
      items: { type: 'object', properties: { codDoc: { type: 'string' }, label: { type: 'string' }, byStatus: { type: 'object', additionalProperties: { type: 'integer' } }, total: { type: 'integer' } } },
    },
    series: { type: 'array', items: { type: 'object', properties: { month: { type: 'string' }, total: money, count: { type: 'integer' } } } },
    topCustomers: ranked('count'),
    topProducts: ranked('quantity'),
    attention: {
      type: 'array',
      // One shape for every kind: an invoice (stuck, rejected, old_draft, annulment_pending) or the certificate.
      items: {
        type: 'object',
        required: ['reason'],
        properties: {
          reason: { type: 'string', enum: ['delayed', 'stuck', 'rejected', 'old_draft', 'overdue', 'annulment_pending', 'certificate'], description: 'delayed: sin autorizar a las 20:00 de su día de emisión' },
          _id: { type: 'string' },
          codDoc: { type: 'string' },
          status: { type: 'string' },
          numero: nullableString,
          razonSocialComprador: { type: 'string' },
          importeTotal: money,
          fechaEmision: { type: 'string' },
          mensaje: nullableString,
          daysToExpiry: { type: 'integer' },
          notAfter: { type: 'string' },
          dueDate: { type: 'string' },
          saldo: money,
          daysOverdue: { type: 'integer' },
          /** annulment_pending: the request's state (SOLICITADA, PENDIENTE_ANULAR) and deadlines (DESIGN.md §10). */
          annulment: { type: 'object', properties: { state: { type: 'string' }, deadline: { type: 'string' }, acceptanceDeadline: { type: 'string' } } },
        },
      },
    },
    certificate: { type: ['object', 'null'], properties: { daysToExpiry: { type: 'integer' } } },
    receivables: { type: 'object', description: 'Por cobrar (saldo de facturas y notas de débito autorizadas) y lo vencido, hoy', properties: { open: money, overdue: money, openCount: { type: 'integer' }, overdueCount: { type: 'integer' } } },
  },
} as const;
