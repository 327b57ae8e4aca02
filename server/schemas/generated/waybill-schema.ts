/** Generated from src/schemas/waybill/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const waybillSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Guía de remisión",
  "type": "object",
  "x-resource": "waybill",
  "x-permission": "invoice",
  "x-renderer": "waybill-editor",
  "required": [
    "establishment",
    "ptoEmi",
    "carrier",
    "fechaIniTransporte",
    "fechaFinTransporte",
    "destinatarios"
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
    "dirPartida": {
      "type": "string",
      "title": "Dirección de partida",
      "minLength": 1,
      "maxLength": 300,
      "pattern": "^[^\\n]*$",
      "description": "Por defecto, la dirección del establecimiento."
    },
    "carrier": {
      "type": "string",
      "title": "Transportista",
      "x-ref": "carrier"
    },
    "placa": {
      "type": "string",
      "title": "Placa",
      "minLength": 1,
      "maxLength": 20,
      "pattern": "^[A-Z0-9]+(-[A-Z0-9]+)*$",
      "x-uppercase": true,
      "x-message": "Use letras y números, con guion si la placa lo lleva, p. ej. PBA-1234",
      "description": "Por defecto, la placa del transportista."
    },
    "fechaIniTransporte": {
      "type": "string",
      "title": "Fecha de inicio del transporte",
      "format": "date"
    },
    "fechaFinTransporte": {
      "type": "string",
      "title": "Fecha de fin del transporte",
      "format": "date"
    },
    "destinatarios": {
      "type": "array",
      "title": "Destinatarios",
      "minItems": 1,
      "maxItems": 50,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "motivoTraslado"
        ],
        "properties": {
          "invoice": {
            "type": "string",
            "title": "Factura de sustento",
            "format": "uuid",
            "x-ref": "invoice",
            "description": "Una factura autorizada: de ella se toman el número, la autorización y la fecha del sustento y, si faltan, el destinatario, su dirección y las líneas.",
            "$comment": "The _id of an AUTHORISED invoice: fills codDocSustento 01, numDocSustento, numAutDocSustento, fechaEmisionDocSustento."
          },
          "identificacion": {
            "type": "string",
            "title": "Identificación del destinatario",
            "minLength": 1,
            "maxLength": 20,
            "pattern": "^[^\\n]*$"
          },
          "razonSocial": {
            "type": "string",
            "title": "Razón social del destinatario",
            "minLength": 1,
            "maxLength": 300,
            "pattern": "^[^\\n]*$"
          },
          "direccion": {
            "type": "string",
            "title": "Dirección de destino",
            "minLength": 1,
            "maxLength": 300,
            "pattern": "^[^\\n]*$"
          },
          "email": {
            "type": "string",
            "title": "Correo del destinatario",
            "format": "email",
            "maxLength": 300
          },
          "motivoTraslado": {
            "type": "string",
            "title": "Motivo del traslado",
            "minLength": 1,
            "maxLength": 300,
            "pattern": "^[^\\n]*$"
          },
          "ruta": {
            "type": "string",
            "title": "Ruta",
            "minLength": 1,
            "maxLength": 300,
            "pattern": "^[^\\n]*$"
          },
          "codEstabDestino": {
            "type": "string",
            "title": "Código del establecimiento de destino",
            "pattern": "^\\d{3}$"
          },
          "docAduaneroUnico": {
            "type": "string",
            "title": "Documento aduanero único",
            "minLength": 1,
            "maxLength": 20,
            "pattern": "^[^\\n]*$"
          },
          "detalles": {
            "type": "array",
            "title": "Mercadería",
            "minItems": 1,
            "maxItems": 500,
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "descripcion",
                "cantidad"
              ],
              "properties": {
                "codigoInterno": {
                  "type": "string",
                  "title": "Código principal",
                  "minLength": 1,
                  "maxLength": 25,
                  "pattern": "^[^\\n]*$"
                },
                "codigoAdicional": {
                  "type": "string",
                  "title": "Código auxiliar",
                  "minLength": 1,
                  "maxLength": 25,
                  "pattern": "^[^\\n]*$"
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
                  "maximum": 999999999999,
                  "x-decimals": 6
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
      "maxItems": 15,
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
    "razonSocialComprador": {
      "type": "string",
      "title": "Transportista",
      "readOnly": true
    },
    "destinatariosResumen": {
      "type": "string",
      "title": "Destinatarios",
      "readOnly": true
    },
    "identificacionComprador": {
      "type": "string",
      "title": "Identificación del transportista",
      "readOnly": true
    }
  }
} as const;
