/** Response schema of GET /api/dashboard (CompanyDashboard); what it does not list never leaves. */
const money = { type: 'number' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const ranked = (count: 'count' | 'quantity') =>
  ({ type: 'array', items: { type: 'object', properties: { _id: { type: 'string' }, label: { type: 'string' }, total: money, [count]: { type: 'number' } } } }) as const;

export const dashboardOut = {
  type: 'object',
  properties: {
    period: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
    sales: { type: 'object', properties: { thisMonth: money, lastMonth: money, period: money } },
    iva: money,
    authorisedInPeriod: { type: 'integer' },
    byStatus: { type: 'object', additionalProperties: { type: 'integer' } },
    series: { type: 'array', items: { type: 'object', properties: { month: { type: 'string' }, total: money, count: { type: 'integer' } } } },
    topCustomers: ranked('count'),
    topProducts: ranked('quantity'),
    attention: {
      type: 'array',
      // One shape for both kinds: an invoice (stuck, rejected, old_draft) or the certificate.
      items: {
        type: 'object',
        required: ['reason'],
        properties: {
          reason: { type: 'string', enum: ['stuck', 'rejected', 'old_draft', 'certificate'] },
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
        },
      },
    },
    certificate: { type: ['object', 'null'], properties: { daysToExpiry: { type: 'integer' } } },
  },
} as const;
