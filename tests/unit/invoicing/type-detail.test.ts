/**
 * Each type's type_detail is read through one checked codec (issue 29): what the type writes reads
 * back as written, and a stored value of another shape throws an error naming the type, the row and
 * the field, instead of flowing on as a cast.
 */
import { describe, expect, it } from 'vitest';
import { guiaDetail, type GuiaDetail } from '../../../server/domain/comprobantes/guia-remision/save-guia-remision-draft.ts';
import { notaCreditoDetail } from '../../../server/domain/comprobantes/nota-credito/save-nota-credito-draft.ts';
import { notaDebitoDetail } from '../../../server/domain/comprobantes/nota-debito/save-nota-debito-draft.ts';
import { liquidacionDetail } from '../../../server/domain/comprobantes/liquidacion-compra/save-liquidacion-compra-draft.ts';
import { retencionDetail } from '../../../server/domain/comprobantes/comprobante-retencion/save-comprobante-retencion-draft.ts';
import { supplierData } from '../../../server/domain/comprobantes/supplier-record.ts';

const guia: GuiaDetail = {
  carrier: 'c1',
  tipoIdentificacionTransportista: '05',
  rucTransportista: '1714307103',
  razonSocialTransportista: 'Transportes Andinos',
  placa: 'PBA-1234',
  dirPartida: 'Av. Amazonas N34-451, Quito',
  fechaFinTransporte: '2026-11-20',
  destinatarios: [{ identificacionDestinatario: '1790016919001', razonSocialDestinatario: 'Ñandú S.A.', dirDestinatario: 'Machachi', motivoTraslado: 'Venta', detalles: [{ descripcion: 'Rosas', cantidad: '10' }] }],
  mailTo: [],
};
const modified = { codDocModificado: '01', numDocModificado: '001-001-000000001', fechaEmisionDocSustento: '01/11/2026' } as const;

describe('type_detail codecs', () => {
  it('reads back what each type writes', () => {
    expect(guiaDetail.read({ typeDetail: guiaDetail.write(guia) })).toEqual(guia);
    expect(notaCreditoDetail.read({ typeDetail: notaCreditoDetail.write({ motivo: 'Devolución', ...modified }) }).motivo).toBe('Devolución');
    expect(notaDebitoDetail.read({ typeDetail: { motivos: [{ razon: 'Interés', valor: '1.50' }], codigoPorcentajeIva: '4', ...modified } }).motivos[0].valor).toBe('1.50');
    const liquidacion = { supplier: 's1', tipoIdentificacionProveedor: '05', identificacionProveedor: '1714307103', razonSocialProveedor: 'Juan Pérez', mailTo: ['juan@example.com'] };
    expect(liquidacionDetail.read({ typeDetail: liquidacionDetail.write(liquidacion) })).toEqual(liquidacion);
    const retencion = { supplier: 's1', tipoIdentificacionSujetoRetenido: '04', razonSocialSujetoRetenido: 'Ñandú', identificacionSujetoRetenido: '1790016919001', parteRel: 'NO' as const, periodoFiscal: '11/2026', docsSustento: [], mailTo: [] };
    expect(retencionDetail.read({ typeDetail: retencionDetail.write(retencion) })).toEqual(retencion);
  });

  it('refuses a stored value of another shape, naming the type, the row and the field', () => {
    const broken = { ...guia, destinatarios: [{ ...guia.destinatarios[0], detalles: 'Rosas' }] };
    expect(() => guiaDetail.read({ id: 'row-1', typeDetail: broken })).toThrow('El valor guardado (type_detail) de la guía de remisión row-1 no tiene la forma esperada: /destinatarios/0/detalles must be array');
    expect(() => notaCreditoDetail.read({ typeDetail: {} })).toThrow(/de la nota de crédito no tiene la forma esperada: \/ must have required property 'motivo'/);
    expect(() => retencionDetail.read({ typeDetail: { ...guia } })).toThrow(/el comprobante de retención/);
    expect(() => supplierData.read({ razonSocial: 'X' }, 'sup-1')).toThrow(/\(data\) de el proveedor sup-1/);
  });
});
