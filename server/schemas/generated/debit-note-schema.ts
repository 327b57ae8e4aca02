/** Generated from src/schemas/debit-note/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const debitNoteSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Nota de débito",
  "type": "object",
  "x-resource": "debit-note",
  "x-permission": "invoice",
  "x-renderer": "debit-note-editor",
  "required": [
    "invoice",
    "codigoPorcentajeIva",
    "motivos"
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
    "codigoPorcentajeIva": {
      "type": "string",
      "title": "IVA",
      "x-catalog": "tarifa_iva"
    },
    "motivos": {
      "type": "array",
      "title": "Razones de la modificación",
      "minItems": 1,
      "maxItems": 100,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "razon",
          "valor"
        ],
        "properties": {
          "razon": {
            "type": "string",
            "title": "Razón",
            "minLength": 1,
            "maxLength": 300
          },
          "valor": {
            "type": "number",
            "title": "Valor",
            "exclusiveMinimum": 0,
            "maximum": 99999999,
            "x-money": true
          }
        }
      }
    },
    "pagos": {
      "type": "array",
      "title": "Formas de pago",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "formaPago",
          "total"
        ],
        "properties": {
          "formaPago": {
            "type": "string",
            "title": "Forma de pago",
            "x-catalog": "forma_pago"
          },
          "total": {
            "type": "number",
            "title": "Valor",
            "minimum": 0,
            "x-money": true
          },
          "plazo": {
            "type": "integer",
            "title": "Plazo",
            "minimum": 0
          },
          "unidadTiempo": {
            "type": "string",
            "title": "Unidad de tiempo",
            "maxLength": 10
          }
        }
      }
    },
    "infoAdicional": {
      "type": "array",
      "title": "Información adicional",
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
      "title": "Valor total",
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
