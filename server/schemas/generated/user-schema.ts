/** Generated from src/schemas/user/schema.json by `npm run schemas:consts`; do not edit (edit the JSON and run it again). */
export const userSchema = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Usuario",
  "type": "object",
  "x-resource": "user",
  "required": [
    "email",
    "firstName",
    "lastName",
    "role"
  ],
  "properties": {
    "_id": {
      "type": "string",
      "readOnly": true
    },
    "firstName": {
      "type": "string",
      "x-registration": true,
      "title": "Nombres",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "\\S"
    },
    "lastName": {
      "type": "string",
      "x-registration": true,
      "title": "Apellidos",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "\\S"
    },
    "email": {
      "type": "string",
      "x-registration": true,
      "title": "Correo electrónico",
      "format": "email",
      "maxLength": 254
    },
    "role": {
      "type": "string",
      "title": "Rol",
      "enum": [
        "SUPERADMIN",
        "ADMIN",
        "EMISOR",
        "CONTADOR"
      ],
      "x-message": "Elija Superadministrador, Administrador, Emisor o Contador",
      "default": "EMISOR"
    },
    "active": {
      "type": "boolean",
      "title": "Activo",
      "default": true
    },
    "password": {
      "type": "string",
      "title": "Contraseña inicial",
      "description": "Déjela vacía para enviar una invitación por correo",
      "minLength": 8,
      "maxLength": 200
    },
    "emissionPoints": {
      "type": "array",
      "title": "Puntos de emisión permitidos",
      "description": "Vacío: todos los de la empresa. Un establecimiento sin punto de emisión: todos sus puntos. El usuario solo ve, crea y emite comprobantes de estos puntos.",
      "default": [],
      "items": {
        "type": "object",
        "required": [
          "estab"
        ],
        "properties": {
          "estab": {
            "type": "string",
            "title": "Establecimiento",
            "pattern": "^\\d{3}$"
          },
          "ptoEmi": {
            "type": "string",
            "title": "Punto de emisión",
            "pattern": "^\\d{3}$"
          }
        },
        "additionalProperties": false
      },
      "maxItems": 200
    }
  }
} as const;
