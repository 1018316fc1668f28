//! Invisible groups: what a `macro_rules!` fragment (`$t:ty`, `$e:expr`)
//! leaves around the tokens it passes to a derive.

/// The type inside invisible groups: a `$t:ty` fragment of a
/// `macro_rules!` macro reaches the derive as a `Type::Group`.
pub fn ungroup(mut ty: &syn::Type) -> &syn::Type {
    while let syn::Type::Group(group) = ty {
        ty = &group.elem;
    }
    ty
}

/// The expression inside invisible groups: an `$e:expr` fragment in an
/// attribute value is an `Expr::Group`.
pub fn ungroup_expr(mut expr: &syn::Expr) -> &syn::Expr {
    while let syn::Expr::Group(group) = expr {
        expr = &group.expr;
    }
    expr
}
