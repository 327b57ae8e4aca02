/** Generated from src/schemas/company/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const companySchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Empresa",
  "type": "object",
  "x-api": "/api/admin/company",
  "required": [
    "razonSocial",
    "email",
    "dirMatriz"
  ],
  "properties": {
    "ruc": {
      "type": "string",
      "title": "RUC",
      "readOnly": true
    },
    "razonSocial": {
      "type": "string",
      "x-registration": true,
      "title": "Razón social",
      "minLength": 1,
      "maxLength": 300,
      "pattern": "\\S"
    },
    "nombreComercial": {
      "type": "string",
      "x-registration": true,
      "title": "Nombre comercial",
      "maxLength": 300
    },
    "email": {
      "type": "string",
      "x-registration": true,
      "title": "Correo de la empresa",
      "format": "email",
      "maxLength": 254
    },
    "dirMatriz": {
      "type": "string",
      "x-registration": true,
      "title": "Dirección matriz",
      "minLength": 1,
      "maxLength": 300,
      "pattern": "\\S"
    },
    "telefono": {
      "type": "string",
      "x-registration": true,
      "title": "Teléfono",
      "maxLength": 30
    },
    "ambiente": {
      "type": "string",
      "title": "Ambiente del SRI",
      "description": "Pruebas: los comprobantes no tienen validez tributaria",
      "enum": [
        "1",
        "2"
      ],
      "default": "1"
    },
    "obligadoContabilidad": {
      "type": "boolean",
      "title": "Obligado a llevar contabilidad",
      "default": false
    },
    "contribuyenteEspecial": {
      "type": "string",
      "title": "Contribuyente especial (resolución)",
      "pattern": "^(\\d{3,13})?$"
    },
    "contribuyenteRimpe": {
      "type": "string",
      "title": "Régimen RIMPE",
      "description": "Leyenda que el RIDE y el XML llevan cuando la empresa está en el régimen RIMPE",
      "enum": [
        "CONTRIBUYENTE RÉGIMEN RIMPE",
        "CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE"
      ]
    },
    "agenteRetencion": {
      "type": "string",
      "title": "Agente de retención (resolución)",
      "pattern": "^(\\d{1,8})?$"
    },
    "facturaVersion": {
      "type": "string",
      "title": "Versión del XML de factura",
      "enum": [
        "1.1.0",
        "1.0.0",
        "2.0.0",
        "2.1.0"
      ],
      "default": "1.1.0"
    },
    "mfaRequired": {
      "type": "boolean",
      "title": "Exigir segundo factor a los administradores",
      "description": "Los usuarios Administrador y Superadministrador ingresan con la contraseña y un código de su aplicación de autenticación (TOTP). Active antes el suyo en Mi Perfil.",
      "default": false
    }
  }
} as const;
