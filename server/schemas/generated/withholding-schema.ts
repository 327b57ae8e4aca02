/** Generated from src/schemas/withholding/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const withholdingSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Comprobante de retención",
  "type": "object",
  "x-resource": "withholding",
  "x-permission": "purchase",
  "x-renderer": "withholding-editor",
  "required": [
    "establishment",
    "ptoEmi",
    "supplier",
    "docsSustento"
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
      "title": "Sujeto retenido (proveedor)",
      "x-ref": "supplier"
    },
    "fechaEmision": {
      "type": "string",
      "title": "Fecha de emisión",
      "format": "date",
      "description": "Por defecto, hoy. Da el periodo fiscal (MM/AAAA) y los porcentajes vigentes."
    },
    "docsSustento": {
      "type": "array",
      "title": "Documentos de sustento",
      "minItems": 1,
      "maxItems": 20,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "codSustento",
          "retenciones"
        ],
        "properties": {
          "receivedDocument": {
            "type": "string",
            "title": "Comprobante recibido",
            "format": "uuid",
            "description": "Una factura o liquidación recibida (Compras › Recibidos): de ella se toman número, fecha, autorización, totales, impuestos y pagos cuando faltan.",
            "$comment": "The _id of a received_document."
          },
          "purchaseSettlement": {
            "type": "string",
            "title": "Liquidación de compra propia",
            "format": "uuid",
            "description": "Una liquidación de compra autorizada de la empresa: de ella se toman sus datos como de un comprobante recibido.",
            "$comment": "The _id of an authorised purchase_settlement."
          },
          "codSustento": {
            "type": "string",
            "title": "Sustento tributario",
            "x-catalog": "cod_sustento"
          },
          "codDocSustento": {
            "type": "string",
            "title": "Tipo de comprobante",
            "pattern": "^\\d{2}$",
            "description": "01 factura, 03 liquidación de compra…"
          },
          "numDocSustento": {
            "type": "string",
            "title": "Número del comprobante",
            "pattern": "^\\d{15}$",
            "description": "15 dígitos sin guiones: establecimiento, punto de emisión y secuencial."
          },
          "fechaEmisionDocSustento": {
            "type": "string",
            "title": "Fecha de emisión del comprobante",
            "format": "date"
          },
          "numAutDocSustento": {
            "type": "string",
            "title": "Número de autorización",
            "pattern": "^\\d{10,49}$"
          },
          "totalSinImpuestos": {
            "type": "number",
            "title": "Total sin impuestos (USD)",
            "minimum": 0,
            "maximum": 999999999999,
            "x-money": true
          },
          "importeTotal": {
            "type": "number",
            "title": "Importe total (USD)",
            "minimum": 0,
            "maximum": 999999999999,
            "x-money": true
          },
          "impuestos": {
            "type": "array",
            "title": "Impuestos del comprobante",
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "codImpuestoDocSustento",
                "codigoPorcentaje",
                "baseImponible",
                "tarifa",
                "valorImpuesto"
              ],
              "properties": {
                "codImpuestoDocSustento": {
                  "type": "string",
                  "title": "Impuesto",
                  "enum": [
                    "2",
                    "3",
                    "5"
                  ]
                },
                "codigoPorcentaje": {
                  "type": "string",
                  "title": "Código de porcentaje",
                  "pattern": "^\\d{1,4}$"
                },
                "baseImponible": {
                  "type": "number",
                  "title": "Base imponible (USD)",
                  "minimum": 0,
                  "maximum": 999999999999,
                  "x-money": true
                },
                "tarifa": {
                  "type": "number",
                  "title": "Tarifa (%)",
                  "minimum": 0,
                  "maximum": 999,
                  "x-money": true
                },
                "valorImpuesto": {
                  "type": "number",
                  "title": "Valor (USD)",
                  "minimum": 0,
                  "maximum": 999999999999,
                  "x-money": true
                }
              }
            }
          },
          "retenciones": {
            "type": "array",
            "title": "Retenciones",
            "minItems": 1,
            "maxItems": 20,
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "codigo",
                "codigoRetencion",
                "baseImponible"
              ],
              "properties": {
                "codigo": {
                  "type": "string",
                  "title": "Impuesto",
                  "enum": [
                    "1",
                    "2"
                  ],
                  "description": "1 renta, 2 IVA"
                },
                "codigoRetencion": {
                  "type": "string",
                  "title": "Código de retención",
                  "minLength": 1,
                  "maxLength": 5,
                  "description": "De la tabla retencion_renta (renta) o retencion_iva (IVA)"
                },
                "baseImponible": {
                  "type": "number",
                  "title": "Base imponible (USD)",
                  "minimum": 0,
                  "maximum": 999999999999,
                  "x-money": true,
                  "description": "Renta: la base sin IVA; IVA: el IVA del comprobante"
                },
                "porcentajeRetener": {
                  "type": "number",
                  "title": "% a retener",
                  "minimum": 0,
                  "maximum": 100,
                  "x-money": true,
                  "description": "Por defecto, el porcentaje vigente del catálogo a la fecha de emisión"
                },
                "valorRetenido": {
                  "type": "number",
                  "title": "Valor retenido (USD)",
                  "readOnly": true,
                  "description": "Lo calcula el servidor (base × % / 100, a centavos); el valor enviado se ignora, así la propuesta se puede enviar tal cual"
                }
              }
            }
          },
          "pagos": {
            "type": "array",
            "title": "Formas de pago del comprobante",
            "minItems": 1,
            "maxItems": 20,
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
                  "title": "Valor (USD)",
                  "minimum": 0,
                  "maximum": 999999999999,
                  "x-money": true
                }
              }
            }
          }
        }
      }
    },
    "infoAdicional": {
      "type": "array",
      "title": "Información adicional",
      "maxItems": 14,
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
    "periodoFiscal": {
      "type": "string",
      "title": "Periodo fiscal",
      "readOnly": true
    },
    "razonSocialComprador": {
      "type": "string",
      "title": "Sujeto retenido",
      "readOnly": true
    },
    "identificacionComprador": {
      "type": "string",
      "title": "Identificación del sujeto retenido",
      "readOnly": true
    },
    "importeTotal": {
      "type": "number",
      "title": "Total retenido (USD)",
      "readOnly": true
    },
    "numDocSustentoResumen": {
      "type": "string",
      "title": "Comprobantes de sustento",
      "readOnly": true
    }
  }
} as const;
