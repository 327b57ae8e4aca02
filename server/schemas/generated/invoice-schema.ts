/** Generated from src/schemas/invoice/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const invoiceSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Factura",
  "type": "object",
  "x-resource": "invoice",
  "x-renderer": "invoice-editor",
  "required": [
    "establishment",
    "ptoEmi",
    "customer",
    "detalles"
  ],
  "properties": {
    "_id": {
      "type": "string",
      "title": "Id",
      "readOnly": true
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
    "customer": {
      "type": "string",
      "title": "Cliente",
      "x-ref": "customer"
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
          "product",
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
          "descripcion": {
            "type": "string",
            "title": "Descripción",
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
    "totalDescuento": {
      "type": "number",
      "title": "Descuento",
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
