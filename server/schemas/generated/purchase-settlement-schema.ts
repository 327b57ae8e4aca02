/** Generated from src/schemas/purchase-settlement/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const purchaseSettlementSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Liquidación de compra",
  "type": "object",
  "x-resource": "purchase-settlement",
  "x-api": "/api/purchase-settlement",
  "x-permission": "purchase",
  "x-renderer": "purchase-settlement-editor",
  "$comment": "codDoc 03, XSD 1.1.0",
  "description": "Liquidación de compra de bienes y prestación de servicios: la emite el comprador cuando el vendedor no puede emitir comprobante (persona sin RUC, no residente).",
  "required": [
    "establishment",
    "ptoEmi",
    "supplier",
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
    "supplier": {
      "type": "string",
      "title": "Proveedor",
      "x-ref": "supplier",
      "description": "Un proveedor de la empresa (RUC, cédula, pasaporte o identificación del exterior; nunca consumidor final).",
      "$comment": "The _id of a supplier record of the company."
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
        "additionalProperties": false,
        "required": [
          "descripcion",
          "cantidad",
          "precioUnitario",
          "descuento",
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
            "maxLength": 25,
            "pattern": "^[^\\n]*$",
            "description": "Por defecto, el código del producto."
          },
          "descripcion": {
            "type": "string",
            "title": "Descripción",
            "minLength": 1,
            "maxLength": 300,
            "pattern": "^[^\\n]*$"
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
            "x-money": true,
            "description": "USD; obligatorio en la liquidación (0 si no hay)."
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
      "description": "Hasta 13 datos: al emitir se añaden el email y el teléfono del proveedor, y el SRI admite 15 campos adicionales.",
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
    "tipoIdentificacionProveedor": {
      "type": [
        "string",
        "null"
      ],
      "title": "Tipo de identificación del proveedor",
      "readOnly": true
    },
    "identificacionProveedor": {
      "type": [
        "string",
        "null"
      ],
      "title": "Identificación del proveedor",
      "readOnly": true
    },
    "razonSocialProveedor": {
      "type": [
        "string",
        "null"
      ],
      "title": "Proveedor",
      "readOnly": true
    },
    "direccionProveedor": {
      "type": [
        "string",
        "null"
      ],
      "title": "Dirección del proveedor",
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
      "title": "Proveedor",
      "readOnly": true
    }
  }
} as const;
