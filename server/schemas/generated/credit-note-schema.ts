/** Generated from src/schemas/credit-note/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const creditNoteSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Nota de crédito",
  "type": "object",
  "x-resource": "credit-note",
  "x-permission": "invoice",
  "x-renderer": "credit-note-editor",
  "required": [
    "invoice",
    "motivo",
    "detalles"
  ],
  "properties": {
    "_id": {
      "type": "string",
      "title": "Id",
      "readOnly": true
    },
    "invoice": {
      "type": "string",
      "title": "Factura que se modifica",
      "format": "uuid",
      "description": "La factura autorizada que la nota modifica.",
      "$comment": "Its _id; a factura of another company: 404."
    },
    "motivo": {
      "type": "string",
      "title": "Razón de la modificación",
      "minLength": 1,
      "maxLength": 300
    },
    "establishment": {
      "type": "string",
      "title": "Establecimiento",
      "x-ref": "establishment"
    },
    "ptoEmi": {
      "type": "string",
      "title": "Punto de emisión",
      "pattern": "^\\d{3}$"
    },
    "fechaEmision": {
      "type": "string",
      "title": "Fecha de emisión",
      "format": "date"
    },
    "detalles": {
      "type": "array",
      "title": "Detalle",
      "minItems": 1,
      "maxItems": 1000,
      "items": {
        "type": "object",
        "required": [
          "codigoPrincipal",
          "descripcion",
          "cantidad",
          "precioUnitario",
          "codigoPorcentajeIva"
        ],
        "properties": {
          "product": {
            "type": "string",
            "title": "Producto",
            "x-ref": "product"
          },
          "codigoPrincipal": {
            "type": "string",
            "title": "Código",
            "minLength": 1,
            "maxLength": 25
          },
          "descripcion": {
            "type": "string",
            "title": "Descripción",
            "minLength": 1,
            "maxLength": 300
          },
          "cantidad": {
            "type": "number",
            "title": "Cantidad",
            "exclusiveMinimum": 0,
            "maximum": 99999999,
            "x-decimals": 6
          },
          "precioUnitario": {
            "type": "number",
            "title": "Precio unitario",
            "minimum": 0,
            "maximum": 99999999,
            "x-decimals": 6
          },
          "descuento": {
            "type": "number",
            "title": "Descuento",
            "minimum": 0,
            "default": 0,
            "x-money": true
          },
          "codigoPorcentajeIva": {
            "type": "string",
            "title": "IVA",
            "x-catalog": "tarifa_iva"
          }
        }
      }
    },
    "infoAdicional": {
      "type": "array",
      "title": "Información adicional",
      "description": "Hasta 13 datos: al emitir se añaden el email y el teléfono del cliente, y el SRI admite 15 campos adicionales.",
      "maxItems": 13,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "nombre",
          "valor"
        ],
        "properties": {
          "nombre": {
            "type": "string",
            "title": "Nombre",
            "minLength": 1,
            "maxLength": 300
          },
          "valor": {
            "type": "string",
            "title": "Valor",
            "minLength": 1,
            "maxLength": 300
          }
        }
      }
    },
    "numDocModificado": {
      "type": [
        "string",
        "null"
      ],
      "title": "Comprobante que se modifica",
      "readOnly": true
    },
    "fechaEmisionDocSustento": {
      "type": [
        "string",
        "null"
      ],
      "title": "Fecha de la factura",
      "readOnly": true
    },
    "valorModificacion": {
      "type": "number",
      "title": "Valor de la modificación",
      "readOnly": true,
      "x-money": true
    },
    "secuencial": {
      "type": [
        "string",
        "null"
      ],
      "title": "Secuencial",
      "readOnly": true
    },
    "numero": {
      "type": [
        "string",
        "null"
      ],
      "title": "Número",
      "readOnly": true
    },
    "status": {
      "type": "string",
      "title": "Estado",
      "readOnly": true
    },
    "claveAcceso": {
      "type": [
        "string",
        "null"
      ],
      "title": "Clave de acceso",
      "readOnly": true
    },
    "totalSinImpuestos": {
      "type": "number",
      "title": "Subtotal sin impuestos",
      "readOnly": true,
      "x-money": true
    },
    "importeTotal": {
      "type": "number",
      "title": "Total",
      "readOnly": true,
      "x-money": true
    },
    "razonSocialComprador": {
      "type": "string",
      "title": "Cliente",
      "readOnly": true
    }
  }
} as const;
