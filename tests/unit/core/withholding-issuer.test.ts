/** Who may issue a comprobante de retención (Reglamento LRTI art. 92; core/withholding-issuer.ts). */
import { describe, expect, it } from 'vitest';
import { isDesignatedWithholder, WITHHOLDER_REFUSAL, withholderBasis } from '../../../core/withholding-issuer.ts';

const factura = { codDocSustento: '01' };
const liquidacion = { codDocSustento: '03' };

describe('withholderBasis', () => {
  it('a designated agent and a contribuyente especial withhold on any supporting document', () => {
    expect(withholderBasis({ agenteRetencion: '1' }, [factura])).toBe('agente');
    expect(withholderBasis({ agenteRetencion: null, contribuyenteEspecial: '5368' }, [factura])).toBe('especial');
    expect(isDesignatedWithholder({ contribuyenteEspecial: '5368' })).toBe(true);
  });

  it('one that is neither withholds only on its own liquidaciones de compra (num. 2)', () => {
    expect(withholderBasis({ agenteRetencion: '', contribuyenteEspecial: '  ' }, [liquidacion])).toBe('liquidacion');
    expect(withholderBasis({}, [factura])).toBeNull();
    expect(withholderBasis({}, [liquidacion, factura])).toBeNull();
    expect(withholderBasis({}, [])).toBeNull();
    expect(isDesignatedWithholder({ agenteRetencion: ' ' })).toBe(false);
  });

  it('the refusal is Spanish and points at the Empresa card and its fields, not at internal names', () => {
    expect(WITHHOLDER_REFUSAL).toMatch(/Empresa › «Datos de la empresa y del SRI»/);
    expect(WITHHOLDER_REFUSAL).toMatch(/«Agente de retención \(resolución\)»/);
    expect(WITHHOLDER_REFUSAL).not.toMatch(/agenteRetencion|contribuyenteEspecial/);
  });
});
