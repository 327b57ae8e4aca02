/** Generated from src/schemas/payment/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const paymentSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Pago",
  "description": "Un cobro de una factura o nota de débito emitida, o un pago de una factura recibida o de una liquidación de compra propia. El valor no puede superar el saldo del comprobante.",
  "type": "object",
  "x-api": "/api/payments",
  "x-permission": "payment",
  "required": [
    "fecha",
    "formaPago",
    "valor"
  ],
  "properties": {
    "_id": {
      "type": "string",
      "title": "Id",
      "readOnly": true
    },
    "fecha": {
      "type": "string",
      "title": "Fecha del pago",
      "format": "date"
    },
    "formaPago": {
      "type": "string",
      "title": "Forma de pago",
      "x-catalog": "forma_pago",
      "minLength": 2,
      "maxLength": 2
    },
    "valor": {
      "type": "number",
      "title": "Valor",
      "exclusiveMinimum": 0,
      "maximum": 999999999999.99,
      "x-money": true
    },
    "referencia": {
      "type": "string",
      "title": "Referencia",
      "description": "Número de transferencia, cheque o comprobante de depósito",
      "maxLength": 300
    },
    "side": {
      "type": "string",
      "title": "Tipo",
      "enum": [
        "receivable",
        "payable"
      ],
      "readOnly": true
    },
    "documentType": {
      "type": "string",
      "title": "Comprobante",
      "readOnly": true
    },
    "numero": {
      "type": "string",
      "title": "Número",
      "readOnly": true
    },
    "razonSocial": {
      "type": "string",
      "title": "Cliente / proveedor",
      "readOnly": true
    },
    "recordedBy": {
      "type": [
        "string",
        "null"
      ],
      "title": "Registrado por",
      "readOnly": true
    },
    "createdAt": {
      "type": "string",
      "title": "Registrado el",
      "readOnly": true
    }
  }
} as const;
